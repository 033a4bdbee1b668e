"""Drives `cuda-launch-lint lsp` (threaded, as editors run it) through the
two cancellations, waiting for messages, never for time:
  - the device refresh on open (a compiler that hangs) is cancelled from
    the editor (window/workDoneProgress/cancel): its progress ends
    "cancelled" and the compiler is killed;
  - a hover waiting for a pending analysis (a long debounce) is cancelled
    with $/cancelRequest: it is answered RequestCancelled.
Prints what it got, one line each. cancel-client.py <file> <server argv>..."""
import json
import subprocess
import sys

path, argv = sys.argv[1], sys.argv[2:]
uri = "file://" + path
p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def send(msg):
    msg["jsonrpc"] = "2.0"
    data = json.dumps(msg).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
    p.stdin.flush()


def receive():
    length = 0
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("the server closed its output")
        if not line.strip():
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(p.stdout.read(length))


def wait(pred):
    while True:
        m = receive()
        if "method" in m and "id" in m:  # window/workDoneProgress/create
            send({"id": m["id"], "result": None})
        if pred(m):
            return m


send({"id": 0, "method": "initialize",
      "params": {"capabilities": {"window": {"workDoneProgress": True}}}})
wait(lambda m: m.get("id") == 0)
send({"method": "initialized", "params": {}})
send({"method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": uri, "languageId": "cuda", "version": 1, "text": open(path).read()}}})
begin = wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"]["kind"] == "begin")
print("progress begin:", begin["params"]["value"]["title"])
send({"method": "window/workDoneProgress/cancel", "params": {"token": begin["params"]["token"]}})
end = wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"]["kind"] == "end")
print("progress end:", end["params"]["value"]["message"])

send({"method": "textDocument/didChange", "params": {
    "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "\n"}]}})
send({"id": 7, "method": "textDocument/hover", "params": {
    "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
send({"method": "$/cancelRequest", "params": {"id": 7}})
reply = wait(lambda m: m.get("id") == 7)
print("hover 7:", json.dumps(reply.get("error")))

send({"id": 8, "method": "shutdown"})
wait(lambda m: m.get("id") == 8)
send({"method": "exit"})
print("exit status:", p.wait(timeout=600))
