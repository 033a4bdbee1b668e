"""fill.py <test> <dir> <file>: the test's messages with @DIR@ replaced by
<dir> and @TEXT@ by <dir>/<file>'s text as a JSON string's contents."""
import json
import sys

test, directory, name = sys.argv[1:4]
with open(directory + "/" + name) as f:
    text = json.dumps(f.read())[1:-1]
with open(test) as f:
    sys.stdout.write(f.read().replace("@DIR@", directory).replace("@TEXT@", text))
