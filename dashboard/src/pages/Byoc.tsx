// BYOC: the ExternalId, the role ARN and region form ("Validate and save"), the trust and
// permissions policies with copy buttons, the CloudFormation download, and Validate, with the
// validation codes (docs/byoc.md, "Validation") in plain words.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ok, postage, type Byoc as ByocState, type ByocValidation } from '../api';
import { keys, useByoc, useByocPolicy } from '../queries';
import { Badge, PageHeader } from '../components/page';
import { CopyButton, Field, FormError } from '../components/forms';
import { ErrorState, Loading } from '../components/states';
import { Time } from '../components/time';
import { useCan } from '../session';

const REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'eu-south-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
  'sa-east-1',
  'me-south-1',
  'af-south-1',
  'il-central-1',
];

/** The validation codes (docs/byoc.md, "Validation"), in words a customer can act on. */
const ADVICE: Record<string, string> = {
  assume_role_failed:
    'Postage could not assume the role. Check that it is named Service-BYOC-Role, that its trust policy names our account, and that the ExternalId condition matches the one above.',
  sending_disabled:
    'Sending is disabled on your Amazon SES account. Re-enable it in the SES console, then validate again.',
  sandbox:
    'Your Amazon SES account is in the sandbox (200 emails a day or fewer). Request production access in the SES console, then validate again.',
  missing_permission:
    'The role is missing a permission (all 11 are required). Attach the permissions policy below, then validate again.',
  not_propagated: 'Your role changes have not reached every AWS region yet. Wait about 15 seconds and validate again.',
  ses_unreachable: 'Amazon SES could not be reached. Try again in a moment.',
};

function ValidationResult({ v }: { v: ByocValidation }) {
  return (
    <div className={`banner ${v.ok ? 'banner-good' : 'banner-bad'}`} role="status">
      <strong>{v.ok ? 'Validated.' : 'Not validated.'}</strong> {v.ok ? v.message : (ADVICE[v.code] ?? v.message)}
    </div>
  );
}

function PolicyBlock({ title, doc }: { title: string; doc: object }) {
  const text = JSON.stringify(doc, null, 2);
  return (
    <div className="policy">
      <div className="card-head">
        <h3>{title}</h3>
        <CopyButton value={text} label={`Copy ${title.toLowerCase()}`} />
      </div>
      <pre className="code" tabIndex={0}>
        <code>{text}</code>
      </pre>
    </div>
  );
}

export default function Byoc() {
  const client = useQueryClient();
  const state = useByoc();
  const policy = useByocPolicy();
  const canEdit = useCan('developer');
  const [roleArn, setRoleArn] = useState('');
  const [region, setRegion] = useState('us-east-1');
  const [result, setResult] = useState<ByocValidation | null>(null);
  useEffect(() => {
    if (state.data?.role_arn) setRoleArn(state.data.role_arn);
    if (state.data?.region) setRegion(state.data.region);
  }, [state.data?.role_arn, state.data?.region]);
  const refresh = (res: { byoc: ByocState; validation: ByocValidation }) => {
    client.setQueryData(keys.byoc, res.byoc);
    void client.invalidateQueries({ queryKey: keys.byocPolicy });
    setResult(res.validation);
  };
  const save = useMutation({
    mutationFn: () => ok(postage.PUT('/api/byoc', { body: { role_arn: roleArn, region } })),
    onSuccess: refresh,
  });
  const validate = useMutation({ mutationFn: () => ok(postage.POST('/api/byoc/validate')), onSuccess: refresh });
  const download = useMutation({
    mutationFn: () => ok(postage.GET('/api/byoc/cloudformation')),
    onSuccess: (template) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(template, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'postage-byoc-role.json';
      a.click();
      URL.revokeObjectURL(url);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  if (state.isPending) return <Loading what="BYOC settings" />;
  if (state.isError) return <ErrorState error={state.error} retry={() => void state.refetch()} />;
  const s = state.data;
  return (
    <>
      <PageHeader
        title="Bring your own cloud"
        description="BYOC domains send through Amazon SES in your own AWS account. Postage assumes a role you create, for 15 minutes at a time, and never stores the content of these emails."
        actions={
          s.byoc_configured ? (
            <Badge tone="good">Validated</Badge>
          ) : s.configured ? (
            <Badge tone="warn">Not validated</Badge>
          ) : (
            <Badge tone="neutral">Not set up</Badge>
          )
        }
      />
      {result && <ValidationResult v={result} />}
      {!result && s.unusable_reason && (
        <div className="banner banner-bad" role="status">
          <strong>The role stopped working:</strong> {s.unusable_reason}. Fix it and validate again.
        </div>
      )}
      <section className="card" aria-labelledby="steps-title">
        <h2 id="steps-title">Set it up</h2>
        <ol className="steps">
          <li>
            Enter your role’s ARN and your SES region, and save. The first save creates your ExternalId (validation
            fails until the role exists).
          </li>
          <li>
            Create the role: download the CloudFormation template and create a stack with it, or paste the two policies
            below into IAM yourself.
          </li>
          <li>Validate. Wait about 15 seconds after changing the role.</li>
        </ol>
        <form onSubmit={submit} noValidate className="form">
          {!canEdit && (
            <p className="hint">Your role can read these settings; a developer or admin of the account changes them.</p>
          )}
          <Field
            label="Role ARN"
            name="role_arn"
            error={save.error}
            hint={`arn:aws:iam::<your account id>:role/${s.role_name}`}
          >
            {(p) => (
              <input
                {...p}
                required
                readOnly={!canEdit}
                spellCheck={false}
                value={roleArn}
                onChange={(e) => setRoleArn(e.target.value)}
                placeholder={`arn:aws:iam::123456789012:role/${s.role_name}`}
              />
            )}
          </Field>
          <Field label="Amazon SES region" name="region" error={save.error}>
            {(p) => (
              <select {...p} value={region} disabled={!canEdit} onChange={(e) => setRegion(e.target.value)}>
                {REGIONS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            )}
          </Field>
          <FormError error={save.error} />
          <div className="form-actions">
            {canEdit && (
              <>
                <button type="submit" className="button button-primary" disabled={save.isPending}>
                  {save.isPending ? 'Validating…' : 'Validate and save'}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => validate.mutate()}
                  disabled={!s.configured || validate.isPending}
                >
                  {validate.isPending ? 'Validating…' : 'Validate again'}
                </button>
              </>
            )}
            <button
              type="button"
              className="button"
              onClick={() => download.mutate()}
              disabled={!s.configured || download.isPending}
            >
              Download CloudFormation template
            </button>
          </div>
          <FormError error={validate.error ?? download.error} />
        </form>
        <dl className="facts">
          <dt>ExternalId</dt>
          <dd className="mono">
            {s.external_id ? (
              <>
                <span className="break">{s.external_id}</span>{' '}
                <CopyButton value={s.external_id} label="Copy ExternalId" />
              </>
            ) : (
              <span className="muted">Created when you first save</span>
            )}
          </dd>
          <dt>Last validated</dt>
          <dd>
            <Time iso={s.validated_at} empty="never" />
          </dd>
          {s.validation_error && (
            <>
              <dt>Last failure</dt>
              <dd>{s.validation_error}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="card" aria-labelledby="policies-title">
        <h2 id="policies-title">Role policies</h2>
        {policy.isPending && <Loading what="policies" />}
        {policy.isError && <ErrorState error={policy.error} retry={() => void policy.refetch()} />}
        {policy.data && (
          <>
            <p>
              Trust our account <span className="mono">{policy.data.relay_account_id}</span> with your ExternalId, and
              allow the 11 SES actions Postage uses.
            </p>
            <PolicyBlock title="Trust policy" doc={policy.data.trust_policy} />
            <PolicyBlock title="Permissions policy" doc={policy.data.permissions_policy} />
          </>
        )}
      </section>
    </>
  );
}
