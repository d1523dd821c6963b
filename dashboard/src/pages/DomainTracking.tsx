// A shared domain's open and click tracking (docs/sending.md, "Tracking opens and clicks"): whether its
// sends are tracked by default, and the subdomain tracked links use (its CNAME record and whether
// it was found). BYOC messages are never tracked, so a BYOC domain only says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { patchDomain, trackingOf, trackingRecord, type Domain } from '../api';
import { keys } from '../queries';
import { Badge } from '../components/page';
import { CopyButton, Field, SaveActions } from '../components/forms';
import { useCan } from '../session';

export function TrackingPanel({ domain }: { domain: Domain }) {
  if (domain.sending_mode !== 'shared')
    return (
      <section className="card" aria-labelledby="tracking-title">
        <h2 id="tracking-title">Tracking</h2>
        <p className="muted">
          BYOC messages are never tracked: Postage keeps nothing of them after the send, so opens and clicks cannot be
          recorded. Tracking is for shared-mode domains.
        </p>
      </section>
    );
  return <TrackingForm key={domain.name} domain={domain} />;
}

function TrackingForm({ domain }: { domain: Domain }) {
  const client = useQueryClient();
  const canEdit = useCan('developer');
  const saved = trackingOf(domain);
  const record = trackingRecord(domain);
  const [opens, setOpens] = useState(saved.track_opens);
  const [clicks, setClicks] = useState(saved.track_clicks);
  const [subdomain, setSubdomain] = useState(saved.tracking_subdomain ?? '');
  const save = useMutation({
    mutationFn: () =>
      patchDomain(domain.name, {
        track_opens: opens,
        track_clicks: clicks,
        tracking_subdomain: subdomain.trim() === '' ? null : subdomain.trim().toLowerCase(),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.domain(domain.name) });
      void client.invalidateQueries({ queryKey: keys.domains, exact: true });
    },
  });
  const changed =
    opens !== saved.track_opens ||
    clicks !== saved.track_clicks ||
    subdomain.trim().toLowerCase() !== (saved.tracking_subdomain ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="card form tracking-form" onSubmit={submit} noValidate aria-labelledby="tracking-title">
      <h2 id="tracking-title">Tracking</h2>
      <p className="hint">
        The defaults for sends from {domain.name}; a send can turn either off or on with <code>track_opens</code> and{' '}
        <code>track_clicks</code>. Opens are seen through a 1-pixel image, clicks by sending links through Postage.
        {!canEdit && ' Only developers, admins and owners can change these.'}
      </p>
      <div className="switches">
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            name="track_opens"
            checked={opens}
            onChange={(e) => setOpens(e.target.checked)}
            disabled={!canEdit}
          />
          <span>Track opens</span>
        </label>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            name="track_clicks"
            checked={clicks}
            onChange={(e) => setClicks(e.target.checked)}
            disabled={!canEdit}
          />
          <span>Track clicks</span>
        </label>
      </div>
      <Field
        label="Tracking subdomain"
        name="tracking_subdomain"
        error={save.error}
        hint={
          <>
            Optional. Tracked links then point to your own subdomain (such as <code>track.{domain.name}</code>) once its
            CNAME record is found; until then, and without one, they point to{' '}
            <code>{saved.tracking_host ?? 'Postage'}</code>. Leave empty to remove it.
          </>
        }
      >
        {(p) => (
          <div className="input-suffix">
            <input
              {...p}
              type="text"
              value={subdomain}
              onChange={(e) => setSubdomain(e.target.value)}
              placeholder="track"
              maxLength={63}
              autoComplete="off"
              spellCheck={false}
              disabled={!canEdit}
            />
            <span className="mono muted">.{domain.name}</span>
          </div>
        )}
      </Field>
      {record && (
        <div className="tracking-record">
          <p>
            <strong>CNAME record</strong>{' '}
            <Badge tone={record.status === 'verified' ? 'good' : 'warn'}>
              {record.status === 'verified' ? 'Found' : 'Not found yet'}
            </Badge>
          </p>
          <dl className="facts">
            <dt>Name</dt>
            <dd className="mono">
              <span className="break">{record.name}</span> <CopyButton value={record.name} label="Copy name" />
            </dd>
            <dt>Value</dt>
            <dd className="mono">
              <span className="break">{record.value}</span> <CopyButton value={record.value} label="Copy value" />
            </dd>
          </dl>
        </div>
      )}
      <SaveActions save={save} changed={changed} canEdit={canEdit} label="Save tracking" />
    </form>
  );
}
