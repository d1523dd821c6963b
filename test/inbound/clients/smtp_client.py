# Python's smtplib as a mail server delivering to Postage's MX listener (no AUTH; STARTTLS when
# asked), driven by test/inbound/clients.ts: the spec as JSON on stdin, the outcome as JSON on
# stdout. The message is composed here with the standard library (email.message.EmailMessage),
# attachments included, so its MIME is Python's, not ours.
import base64
import json
import smtplib
import ssl
import sys
from email.message import EmailMessage

spec = json.load(sys.stdin)


class Recording(smtplib.SMTP):
    """smtplib.SMTP that keeps the reply to DATA (sendmail only raises on a refusal)."""

    data_reply = None

    def data(self, msg):
        code, resp = super().data(msg)
        self.data_reply = [code, resp.decode(errors="replace")]
        return code, resp


def compose(m):
    msg = EmailMessage()
    msg["From"] = m["from"]
    msg["To"] = ", ".join(m["to"])
    msg["Subject"] = m["subject"]
    for name, value in m.get("headers", {}).items():
        msg[name] = value
    msg.set_content(m["text"])
    if m.get("html"):
        msg.add_alternative(m["html"], subtype="html")
    for a in m.get("attachments", []):
        maintype, subtype = a["content_type"].split("/", 1)
        msg.add_attachment(
            base64.b64decode(a["content_b64"]), maintype=maintype, subtype=subtype, filename=a["filename"]
        )
    return msg.as_bytes()


raw = base64.b64decode(spec["raw_b64"]) if "raw_b64" in spec else compose(spec["message"])
out = {}
try:
    smtp = Recording("127.0.0.1", spec["port"], local_hostname=spec.get("helo", "client.example.org"), timeout=60)
    with smtp:
        smtp.ehlo()
        if spec.get("starttls"):
            context = ssl.create_default_context(cadata=spec["ca"])
            context.check_hostname = False  # the test certificate names localhost; we dial 127.0.0.1
            smtp.starttls(context=context)
            smtp.ehlo()
            out["cipher"] = smtp.sock.cipher()[0]
        out["features"] = sorted(smtp.esmtp_features.keys())
        out["size"] = smtp.esmtp_features.get("size")
        if not spec.get("declare_size", True):
            # Send the data without announcing its size, as a client that ignores SIZE would.
            smtp.esmtp_features.pop("size", None)
        refused = smtp.sendmail(spec["from"], spec["to"], raw)
        out["refused"] = {a: [c, r.decode(errors="replace")] for a, (c, r) in refused.items()}
        out["data_reply"] = smtp.data_reply
except smtplib.SMTPRecipientsRefused as e:
    out["error"] = {"type": "SMTPRecipientsRefused"}
    out["refused"] = {a: [c, r.decode(errors="replace")] for a, (c, r) in e.recipients.items()}
except smtplib.SMTPResponseException as e:
    out["error"] = {"type": type(e).__name__, "code": e.smtp_code, "text": e.smtp_error.decode(errors="replace")}
except (smtplib.SMTPException, OSError) as e:
    out["error"] = {"type": type(e).__name__, "text": str(e)}
print(json.dumps(out))
