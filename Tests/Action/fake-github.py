# A stand-in for the part of GitHub's REST API the action's comment step uses (issue comments), for ActionTests:
# it answers on 127.0.0.1, writes its port to PORT-FILE, starts with the comments in COMMENTS-JSON, and appends
# each request it gets to LOG as one JSON line: method, path, Authorization header and body.
#
#   python3 fake-github.py PORT-FILE COMMENTS-JSON LOG
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

port_file, comments_file, log_file = sys.argv[1:4]
comments = json.load(open(comments_file))
next_id = 1000


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def record(self, body):
        with open(log_file, "a") as log:
            log.write(json.dumps({"method": self.command, "path": self.path,
                                  "authorization": self.headers.get("Authorization"), "body": body}) + "\n")

    def reply(self, value, status=200):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def read_body(self):
        length = int(self.headers.get("Content-Length", 0))
        return json.loads(self.rfile.read(length)) if length else None

    def do_GET(self):
        self.record(None)
        self.reply(comments)

    def do_POST(self):
        global next_id
        body = self.read_body()
        self.record(body)
        comments.append({"id": next_id, "body": body["body"]})
        next_id += 1
        self.reply(comments[-1], 201)

    def do_PATCH(self):
        body = self.read_body()
        self.record(body)
        self.reply({"id": int(self.path.rsplit("/", 1)[1]), "body": body["body"]})


server = HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file, "w") as f:
    f.write(str(server.server_port))
server.serve_forever()
