// Tracked HTML (docs/sending.md, "Tracking opens and clicks"): absolute http(s) links become
// `{host}/t/c/{token}` and an invisible pixel `{host}/t/o/{token}` goes before `</body>`. An HTML
// tokenizer (parse5's rewriting stream) finds the links: it sees attributes as a browser does
// (quotes, entities, comments, script and style text), which a regular expression cannot. Tags it
// does not change are copied byte for byte.
import { RewritingStream } from 'parse5-html-rewriting-stream';
import { isTrackableUrl, signTrackingToken, trackingHostname } from './trackingTokens';

export interface TrackingOptions {
  opens: boolean;
  clicks: boolean;
  /** Base URL of the tracking links, without a trailing slash. */
  host: string;
  /** The token key (trackingKey in trackingTokens.ts). */
  key: Buffer;
  messageId: string;
  /** Seconds since the epoch, written into every token (machine detection compares it with the request's time). */
  issuedAt: number;
}

/** A link carrying this attribute is left as it is. */
export const NO_TRACK_ATTRIBUTE = 'data-postage-no-track';
const LINK_TAGS = new Set(['a', 'area']);

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

export function openPixel(host: string, token: string): string {
  return `<img src="${escapeAttribute(`${host}/t/o/${token}`)}" width="1" height="1" alt="" style="display:none;border:0">`;
}

export async function rewriteHtml(html: string, options: TrackingOptions): Promise<string> {
  const host = options.host.replace(/\/+$/, '');
  const { key, messageId, issuedAt } = options;
  const hostname = trackingHostname(host);
  const rewriter = new RewritingStream();
  let linkIndex = 0;
  let pixelPlaced = !options.opens;
  const pixel = () => openPixel(host, signTrackingToken(key, hostname, { kind: 'open', messageId, issuedAt }));

  if (options.clicks)
    rewriter.on('startTag', (tag, raw) => {
      if (!LINK_TAGS.has(tag.tagName) || tag.attrs.some((a) => a.name === NO_TRACK_ATTRIBUTE)) {
        rewriter.emitRaw(raw);
        return;
      }
      const href = tag.attrs.find((a) => a.name === 'href');
      // Browsers strip leading and trailing whitespace from URLs; a link that is not absolute
      // http(s) (mailto:, tel:, relative, `#...`) is not a web page to count.
      const target = href?.value.trim();
      if (!href || target === undefined || !isTrackableUrl(target)) {
        rewriter.emitRaw(raw);
        return;
      }
      const token = signTrackingToken(key, hostname, { kind: 'click', messageId, issuedAt, linkIndex, url: target });
      linkIndex = (linkIndex + 1) & 0xffff;
      href.value = `${host}/t/c/${token}`;
      rewriter.emitStartTag(tag);
    });
  if (!pixelPlaced)
    rewriter.on('endTag', (tag, raw) => {
      if (tag.tagName === 'body' && !pixelPlaced) {
        pixelPlaced = true;
        rewriter.emitRaw(pixel());
      }
      rewriter.emitRaw(raw);
    });

  const chunks: string[] = [];
  rewriter.on('data', (chunk: string) => chunks.push(chunk));
  await new Promise<void>((resolve, reject) => {
    rewriter.on('end', resolve);
    rewriter.on('error', reject);
    rewriter.end(html, 'utf8');
  });
  let out = chunks.join('');
  if (!pixelPlaced) out += pixel();
  return out;
}

/** The first link tracking would rewrite (an absolute http(s) `<a>`/`<area>` without NO_TRACK_ATTRIBUTE), read as rewriteHtml reads links; undefined without one. */
export async function firstTrackableLink(html: string): Promise<string | undefined> {
  const rewriter = new RewritingStream();
  let first: string | undefined;
  rewriter.on('startTag', (tag) => {
    if (first !== undefined || !LINK_TAGS.has(tag.tagName) || tag.attrs.some((a) => a.name === NO_TRACK_ATTRIBUTE))
      return;
    const target = tag.attrs.find((a) => a.name === 'href')?.value.trim();
    if (target !== undefined && isTrackableUrl(target)) first = target;
  });
  rewriter.resume(); // the output is not needed
  await new Promise<void>((resolve, reject) => {
    rewriter.on('end', resolve);
    rewriter.on('error', reject);
    rewriter.end(html, 'utf8');
  });
  return first;
}
