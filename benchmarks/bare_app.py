"""The yardstick for bench_load.py: a Flask endpoint that only decodes the same JSON."""

import json

from flask import Flask, Response, request

app = Flask("bare")


@app.post("/v1/adjudications")
def decode_only() -> Response:
    doc = json.loads(request.get_data(cache=False))
    return Response(json.dumps({"keys": len(doc)}), mimetype="application/json")
