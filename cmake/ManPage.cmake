# cmake -DTOOL=<cuda-launch-lint> -DOUTPUT=<file.1> -DVERSION=<v> -P ManPage.cmake
# The man page, from the tool's own --help (generated from its options, so
# the page cannot fall behind them).
execute_process(COMMAND ${TOOL} --help OUTPUT_VARIABLE HELP RESULT_VARIABLE RC)
if(NOT RC EQUAL 0)
  message(FATAL_ERROR "${TOOL} --help failed (${RC})")
endif()
string(REPLACE "\\" "\\e" HELP "${HELP}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" HELP "${HELP}")
file(WRITE ${OUTPUT}
".TH CUDA-LAUNCH-LINT 1 \"\" \"cuda-launch-lint ${VERSION}\" \"User Commands\"
.SH NAME
cuda-launch-lint \\- check CUDA kernel launch configurations against launch bounds, hardware limits and occupancy
.SH SYNOPSIS
.B cuda-launch-lint
[\\fIoptions\\fR] \\fIsource\\fR... \\-\\- \\fIcompile flags\\fR
.br
.B cuda-launch-lint
\\-p \\fIbuild-dir\\fR [\\fIoptions\\fR] [\\fIsource\\fR...]
.br
.B cuda-launch-lint compile-db
\\-p \\fIbuild-dir\\fR \\-o \\fIdir\\fR
.br
.B cuda-launch-lint \\-\\-wrap
[\\-\\-wrap\\-errors] \\fIcompiler\\fR \\fIargs\\fR...
.br
.B cuda-launch-lint merge
\\fIbuild-dir\\fR [\\-\\-format \\fIF\\fR] [\\-o \\fIfile\\fR]
.br
.B cuda-launch-lint occupancy
[\\fIoptions\\fR]
.SH DESCRIPTION
.nf
${HELP}.fi
.SH SEE ALSO
\\fBcuda-launch-lint \\-\\-explain\\fR \\fIcheck\\fR prints a check's page; the pages are also in
/usr/share/doc/cuda-launch-lint/checks.
")
