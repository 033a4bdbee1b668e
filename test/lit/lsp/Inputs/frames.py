"""Writes LSP frames to stdout: a frame without Content-Length, then
initialize, shutdown and exit, framed as editors frame them."""
import json
import sys


def frame(msg):
    data = json.dumps(msg)
    return "Content-Length: %d\r\n\r\n%s" % (len(data), data)


out = "Content-Type: application/vscode-jsonrpc\r\n\r\n"
out += frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
out += frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
out += frame({"jsonrpc": "2.0", "method": "exit"})
sys.stdout.write(out)
