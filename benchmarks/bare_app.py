"""The yardstick for bench_load.py: a Flask endpoint that only decodes the same JSON, with orjson
(the decoder the service reads bodies with: the fastest decoder of the same bytes)."""

import orjson
from flask import Flask, Response, request

app = Flask("bare")


@app.post("/v1/adjudications")
def decode_only() -> Response:
    doc = orjson.loads(request.get_data(cache=False))
    return Response(orjson.dumps({"keys": len(doc)}), mimetype="application/json")
