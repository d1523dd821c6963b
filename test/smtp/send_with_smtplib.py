# Python's smtplib against the relay: the snippet of docs/smtp.md, driven by test/smtp/clients.ts
# through environment variables (the message as JSON on stdin); prints the outcome as JSON.
import json
import os
import smtplib
import ssl
import sys
from email.message import EmailMessage

port = int(os.environ["RELAY_PORT"])
api_key = os.environ["POSTAGE_API_KEY"]
spec = json.load(sys.stdin)
context = ssl.create_default_context(cadata=os.environ["RELAY_CA"])

msg = EmailMessage()
msg["From"] = spec["from"]
msg["To"] = ", ".join(spec["to"])
msg["Subject"] = spec["subject"]
for name, value in spec.get("headers", {}).items():
    msg[name] = value
msg.set_content(spec["text"])
if spec.get("html"):
    msg.add_alternative(spec["html"], subtype="html")

try:
    # --- docs/smtp.md snippet ---
    if os.environ["RELAY_SECURE"] == "1":
        smtp = smtplib.SMTP_SSL("localhost", port, context=context, timeout=30)  # port 465
    else:
        smtp = smtplib.SMTP("localhost", port, timeout=30)  # port 587
        smtp.starttls(context=context)
    with smtp:
        smtp.login("postage", api_key)  # any user name; the API key is the password
        refused = smtp.send_message(msg)  # {address: (code, reply)} for refused recipients
    # --- end ---
    print(json.dumps({"refused": {a: [c, r.decode()] for a, (c, r) in refused.items()}}))
except smtplib.SMTPRecipientsRefused as e:
    print(json.dumps({"error": {"type": "SMTPRecipientsRefused"}, "refused": {a: [c, r.decode()] for a, (c, r) in e.recipients.items()}}))
except smtplib.SMTPResponseException as e:
    print(json.dumps({"error": {"type": type(e).__name__, "code": e.smtp_code, "text": e.smtp_error.decode(errors="replace")}}))
except smtplib.SMTPException as e:
    print(json.dumps({"error": {"type": type(e).__name__, "text": str(e)}}))
