// The API reference at /docs: Redoc's standalone bundle rendering /docs/reference.json, which is
// the served /openapi.json with each operation's code samples (curl and the three SDKs) added.
// Nothing is fetched from elsewhere: telemetry is off and the page's CSP allows only this origin.
import { init } from 'redoc/bundles/redoc.standalone.js';

const element = document.getElementById('reference');
if (element) {
  init(
    '/docs/reference.json',
    {
      disableTelemetry: true,
      // Links stay inside /docs (the API answers /docs and nothing under it but the document).
      router: 'hash',
      // The samples' languages, in the order of each operation's x-codeSamples (Redoc shows a
      // sample only for a language of this list). Payload is the request body alone.
      codeSamples: {
        languages: ['curl', 'TypeScript', 'Python', 'Go', 'Payload'].map((label) => ({
          lang: label,
          label,
          key: label.toLowerCase(),
        })),
      },
    },
    element,
  );
}
