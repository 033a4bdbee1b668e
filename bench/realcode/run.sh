#!/bin/sh
# Run the real-code harness with one binary, then print its summary.
#   TOOL=/path/to/cuda-launch-lint RUN=final bench/realcode/run.sh
# Optional: REALCODE (default /work/realcode), MODES (file,db), PROJECTS (a,b), JOBS (2),
# EXTRA_ARGS (more tool arguments), OLD=1 (the old projects, file mode only, into RUN-old),
# GROUP (a group of projects.json: projects (default), s12_projects, hip_projects).
# Expects prepare.py to have written $REALCODE/db/<project>/ (see README.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${TOOL:?set TOOL to the cuda-launch-lint binary}"
: "${RUN:=run}"
: "${REALCODE:=/work/realcode}"
export REALCODE
if [ "${OLD:-0}" = 1 ]; then
  # the projects the tool was tuned on: one mode, for the no-regression diff
  olds=$(python3 -c "import json;print(','.join(k for k in json.load(open('$here/projects.json'))['old_projects'] if not k.startswith('_')))")
  python3 "$here/run.py" --tool "$TOOL" --run "$RUN-old" --modes file --projects "${PROJECTS:-$olds}"
  python3 "$here/summarize.py" "$REALCODE/out/$RUN-old" --markdown
  exit 0
fi
news=$(python3 -c "import json;print(','.join(k for k in json.load(open('$here/projects.json'))['${GROUP:-projects}'] if not k.startswith('_')))")
python3 "$here/run.py" --tool "$TOOL" --run "$RUN" --projects "${PROJECTS:-$news}"
python3 "$here/summarize.py" "$REALCODE/out/$RUN" --markdown
