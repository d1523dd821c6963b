// A message's content as the API accepts it and the relay sends it (spec 2.1): staged by
// core/sending, composed into MIME by core/ses. Types only, shared by both folders.

export interface MessageContent {
  to: { address: string; name: string };
  from: { address: string; name: string };
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
}

export interface Attachment {
  filename: string;
  contentType: string;
  // Buffer is a global type (no import): core/model stays free of Node modules.
  data: Buffer;
}
