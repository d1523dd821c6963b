// Export an address's data (docs/privacy.md, "Exporting an address's data"): an owner or admin
// asks for everything the account holds about one address, then downloads the JSON document
// through its signed link; the exports of the last 7 days are listed, without their addresses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, postage, type AddressExport } from '../api';
import { keys, useAddressExports } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { Field, FormError } from '../components/forms';
import { formatSize } from '../components/inbound';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { QueryList } from '../components/QueryList';
import { useCan } from '../session';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const counted = (e: AddressExport) =>
  `${plural(e.counts.emails, 'email')}, ${plural(e.counts.suppressions, 'suppression')}, ${e.counts.received} received`;

function ExportForm() {
  const client = useQueryClient();
  const [address, setAddress] = useState('');
  const request = useMutation({
    mutationFn: () => ok(postage.POST('/api/privacy/exports', { body: { address } })),
    onSuccess: () => {
      setAddress('');
      void client.invalidateQueries({ queryKey: keys.addressExports });
    },
  });
  return (
    <form
      className="card form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        request.mutate();
      }}
      noValidate
      aria-labelledby="export-title"
    >
      <h2 id="export-title">Export an address</h2>
      <Field
        label="Email address"
        name="address"
        error={request.error}
        hint="Everything this account holds about it, as JSON: sent email and its timeline, webhook deliveries, opens and clicks, suppressions, received mail."
      >
        {(p) => <input {...p} type="email" required value={address} onChange={(e) => setAddress(e.target.value)} />}
      </Field>
      <FormError error={request.error} />
      <button type="submit" className="button button-primary" disabled={request.isPending}>
        {request.isPending ? 'Exporting…' : 'Export'}
      </button>
      {request.isSuccess && (
        <p role="status">
          Ready: <a href={request.data.download_url}>download the export</a> ({formatSize(request.data.size_bytes)}).
        </p>
      )}
    </form>
  );
}

export default function AddressExports() {
  const allowed = useCan('admin');
  const list = useAddressExports(allowed);
  return (
    <>
      <PageHeader
        title="Export an address's data"
        description="Answer a person who asks what you keep about them (GDPR article 15). Each export is kept 7 days, encrypted, then deleted; its download link works without signing in for an hour, and a fresh one appears here each time you open this page."
      />
      {!allowed ? (
        <Empty title="Only an owner or admin can export an address's data">
          Ask an owner or admin of this account.
        </Empty>
      ) : (
        <>
          <ExportForm />
          <h2>Exports of the last 7 days</h2>
          <QueryList
            query={list}
            what="exports"
            rowsOf={(d) => d.exports}
            rowKey={(e) => e.id}
            stacked
            empty={<Empty title="No exports yet">Export an address above: it appears here for 7 days.</Empty>}
            columns={[
              { header: 'Made', cell: (e) => <Time iso={e.created_at} /> },
              {
                header: 'Records',
                cell: (e) => (
                  <>
                    {counted(e)} {e.truncated && <Badge tone="warn">Truncated</Badge>}
                  </>
                ),
              },
              { header: 'Size', cell: (e) => formatSize(e.size_bytes) },
              { header: 'Deleted', cell: (e) => <Time iso={e.expires_at} /> },
              {
                header: 'Download',
                hiddenHeader: true,
                cell: (e) => (
                  <a className="button button-small" href={e.download_url}>
                    Download<span className="visually-hidden"> the export made {e.created_at}</span>
                  </a>
                ),
              },
            ]}
          />
        </>
      )}
    </>
  );
}
