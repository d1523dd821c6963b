// One domain: what its state means (a released claim, when an unverified one expires), its
// records with a copy button and a live status each, Verify (which says what is still missing),
// and delete with confirmation. The DKIM records appear once ownership is verified. Its tracking
// settings follow (DomainTracking.tsx).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ok, postage, type DnsRecord } from '../api';
import { TrackingPanel } from './DomainTracking';
import { keys, useDomain } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { ConfirmButton, CopyButton, FormError } from '../components/forms';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { DOMAIN_STATUS } from './statusTones';
import { useCan } from '../session';

// By the generated enum: a new purpose fails to compile until it has a name here.
const PURPOSE: Record<DnsRecord['purpose'], string> = {
  ownership: 'Ownership',
  dkim: 'DKIM',
  mail_from: 'MAIL FROM',
  spf: 'SPF',
  dmarc: 'DMARC',
  tracking: 'Tracking',
};
const purposeOf = (r: DnsRecord) => PURPOSE[r.purpose] ?? r.purpose;
const RECORD_STATUS: Record<DnsRecord['status'], [string, 'good' | 'warn' | 'bad' | 'neutral']> = {
  verified: ['Found', 'good'],
  operator: ['Verified by support (DNS not checked)', 'good'],
  pending: ['Not found yet', 'warn'],
  missing: ['Missing', 'bad'],
  unchecked: ['Not checked', 'neutral'],
};

export default function DomainDetail() {
  const { name = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const domain = useDomain(name);
  const canEdit = useCan('developer');
  const verify = useMutation({
    mutationFn: () => ok(postage.POST('/api/domains/{name}/verify', { params: { path: { name } } })),
    onSuccess: (result) => {
      client.setQueryData(keys.domain(name), result.domain);
      void client.invalidateQueries({ queryKey: keys.domains, exact: true });
    },
  });

  if (domain.isPending) return <Loading what="the domain" />;
  if (domain.isError) {
    if (domain.error instanceof ApiError && domain.error.status === 404) {
      return <ErrorState error={new Error(`There is no domain ${name} in your account.`)} />;
    }
    return <ErrorState error={domain.error} retry={() => void domain.refetch()} />;
  }
  const d = domain.data;
  const [label, tone] = DOMAIN_STATUS[d.status];
  return (
    <>
      <p className="breadcrumb">
        <Link to="/domains">Domains</Link> / {d.name}
      </p>
      <PageHeader
        title={d.name}
        description={
          <>
            <Badge tone={tone}>{label}</Badge> {d.sending_mode === 'shared' ? 'Shared mode' : 'BYOC mode'} · last
            checked <Time iso={d.last_checked_at} empty="never" />
          </>
        }
        actions={
          canEdit && (
            <>
              {d.status !== 'released' && (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => verify.mutate()}
                  disabled={verify.isPending}
                >
                  {verify.isPending ? 'Checking DNS…' : 'Verify'}
                </button>
              )}
              <ConfirmButton
                label="Delete"
                title={`Delete ${d.name}?`}
                confirmLabel="Delete domain"
                onConfirm={async () => {
                  await ok(postage.DELETE('/api/domains/{name}', { params: { path: { name: d.name } } }));
                  await client.invalidateQueries({ queryKey: keys.domains });
                  void navigate('/domains');
                }}
              >
                <p>
                  {d.can_send || d.ownership_verified_at
                    ? `Sending from ${d.name} stops at once and its Amazon SES identity is removed. Keys scoped to it can no longer send.`
                    : `Your claim of ${d.name} is removed. You can add the domain again later.`}
                </p>
              </ConfirmButton>
            </>
          )
        }
      />
      <div
        className={`banner ${d.status === 'released' ? 'banner-bad' : d.status === 'verified' ? 'banner-good' : ''}`}
        role="note"
      >
        {d.status_detail}
      </div>
      {verify.isSuccess && (
        <div className={`banner ${verify.data.missing.length === 0 ? 'banner-good' : ''}`} role="status">
          {verify.data.missing.length === 0
            ? d.can_send
              ? `${d.name} is verified and can send.`
              : 'All required records were found.'
            : `Still missing: ${verify.data.missing.map((r) => `${purposeOf(r)} ${r.type} ${r.name}`).join(', ')}. DNS changes can take up to 48 hours to show.`}
        </div>
      )}
      <FormError error={verify.error} />
      <section className="card" aria-labelledby="records-title">
        <h2 id="records-title">DNS records</h2>
        <p className="hint">
          Publish these at your DNS provider. Ownership and DKIM are required to send; the others improve deliverability
          (without them, sends carry warnings).
          {!d.ownership_verified_at &&
            d.status !== 'released' &&
            ' The three DKIM records are issued once ownership is verified.'}
          {d.expires_at && (
            <>
              {' '}
              Unverified, this claim is deleted <Time iso={d.expires_at} />.
            </>
          )}
        </p>
        <div className="table-wrap" tabIndex={0}>
          <table className="records">
            <thead>
              <tr>
                <th scope="col">Purpose</th>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {d.records.map((r) => (
                <tr key={`${r.purpose}-${r.name}-${r.type}`}>
                  <td data-label="Purpose">
                    {purposeOf(r)}
                    {!r.required && <span className="muted"> (advisory)</span>}
                  </td>
                  <td data-label="Type">{r.type}</td>
                  <td className="mono" data-label="Name">
                    <span className="break">{r.name}</span> <CopyButton value={r.name} label="Copy name" />
                  </td>
                  <td className="mono" data-label="Value">
                    <span className="break">{r.value}</span> <CopyButton value={r.value} label="Copy value" />
                  </td>
                  <td data-label="Status">
                    <Badge tone={RECORD_STATUS[r.status][1]}>{RECORD_STATUS[r.status][0]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <TrackingPanel domain={d} />
    </>
  );
}
