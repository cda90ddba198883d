"""The two S3 requests scripts/swift/start.sh needs, signed with AWS Signature V4 (standard library only).

    python3 s3.py ready               exit 0 when a signed ListBuckets answers 200
    python3 s3.py create-bucket NAME  creates NAME (an existing bucket is fine), then checks it answers

Reads S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY from the environment.
"""
import datetime
import hashlib
import hmac
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()


def request(method, path):
    endpoint = urllib.parse.urlsplit(os.environ["S3_ENDPOINT"])
    region = os.environ.get("S3_REGION", "us-east-1")
    access_key = os.environ["S3_ACCESS_KEY_ID"]
    secret = os.environ["S3_SECRET_ACCESS_KEY"]
    now = datetime.datetime.now(datetime.timezone.utc)
    amz_date = now.strftime("%Y%m%dT%H%M%SZ")
    day = now.strftime("%Y%m%d")
    headers = {"host": endpoint.netloc, "x-amz-content-sha256": EMPTY_SHA256, "x-amz-date": amz_date}
    signed = ";".join(sorted(headers))
    canonical = "\n".join(
        [method, urllib.parse.quote(path), "", *(f"{k}:{headers[k]}" for k in sorted(headers)), "",
         signed, EMPTY_SHA256]
    )
    scope = f"{day}/{region}/s3/aws4_request"
    to_sign = "\n".join(
        ["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical.encode()).hexdigest()]
    )
    key = ("AWS4" + secret).encode()
    for part in (day, region, "s3", "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    headers["authorization"] = (
        f"AWS4-HMAC-SHA256 Credential={access_key}/{scope}, SignedHeaders={signed}, "
        f"Signature={signature}"
    )
    req = urllib.request.Request(
        f"{endpoint.scheme}://{endpoint.netloc}{path}", method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(req, timeout=5) as res:
            return res.status, res.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def main():
    command = sys.argv[1]
    if command == "ready":
        status, body = request("GET", "/")
        if status != 200:
            print(status, body[:300], file=sys.stderr)
        return 0 if status == 200 else 1
    if command == "create-bucket":
        bucket = sys.argv[2]
        status, body = request("PUT", f"/{bucket}")
        if status not in (200, 409):
            print(f"PUT /{bucket}: {status} {body[:300]!r}", file=sys.stderr)
            return 1
        status, body = request("HEAD", f"/{bucket}")
        if status != 200:
            print(f"HEAD /{bucket}: {status}", file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
