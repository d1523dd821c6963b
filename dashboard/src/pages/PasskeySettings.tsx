// The signed-in person's passkeys (docs/teams.md, "Passkeys"): the list (name, added, last used),
// adding one (a name, then the browser's own prompt), renaming and removing (after a confirmation).
// A passkey is the person's, in every account they belong to.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ok, postage, type Passkey } from '../api';
import { keys, usePasskeys } from '../queries';
import { PageHeader } from '../components/page';
import { ConfirmButton, Field, FormActions, FormError } from '../components/forms';
import { addPasskey, passkeysSupported } from '../components/passkeys';
import { QueryList } from '../components/QueryList';
import { Empty } from '../components/states';
import { Time } from '../components/time';

type Notify = (text: string) => void;

function useRefreshPasskeys() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.passkeys });
}

function AddPasskey({ onAdded, onCancel }: { onAdded: Notify; onCancel: () => void }) {
  const [name, setName] = useState('');
  const refresh = useRefreshPasskeys();
  const add = useMutation({
    mutationFn: () => addPasskey(name),
    onSuccess: async (passkey) => {
      await refresh();
      onAdded(`Passkey “${passkey.name}” added: use it the next time you sign in.`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="form add-passkey" onSubmit={submit} noValidate aria-labelledby="add-passkey-title">
      <h3 id="add-passkey-title">Add a passkey</h3>
      <Field
        label="Name"
        name="name"
        error={add.error}
        hint="Which device or key holds it, such as “Laptop” or “Phone”. Your browser asks for it next."
      >
        {(p) => <input {...p} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <FormError error={add.error} />
      <FormActions
        onCancel={onCancel}
        pending={add.isPending}
        label="Add passkey"
        pendingLabel="Waiting for your passkey…"
      />
    </form>
  );
}

/** "Rename" and its dialog: the name, saved with PATCH. */
function RenamePasskey({ passkey, onRenamed }: { passkey: Passkey; onRenamed: Notify }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [name, setName] = useState(passkey.name);
  const refresh = useRefreshPasskeys();
  const rename = useMutation({
    mutationFn: () =>
      ok(postage.PATCH('/api/auth/passkeys/{id}', { params: { path: { id: passkey.id } }, body: { name } })),
    onSuccess: async (renamed) => {
      await refresh();
      dialog.current?.close();
      onRenamed(`Passkey renamed “${renamed.name}”.`);
    },
  });
  const open = () => {
    setName(passkey.name);
    rename.reset();
    dialog.current?.showModal();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate();
  };
  return (
    <>
      <button type="button" className="button button-small" aria-label={`Rename ${passkey.name}`} onClick={open}>
        Rename
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="dialog">
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>Rename “{passkey.name}”</h2>
          <Field label="Name" name="name" error={rename.error}>
            {(p) => <input {...p} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <FormError error={rename.error} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function RemovePasskey({ passkey, onRemoved }: { passkey: Passkey; onRemoved: Notify }) {
  const refresh = useRefreshPasskeys();
  return (
    <ConfirmButton
      small
      label="Remove"
      title={`Remove “${passkey.name}”?`}
      confirmLabel="Remove passkey"
      onConfirm={async () => {
        await ok(postage.DELETE('/api/auth/passkeys/{id}', { params: { path: { id: passkey.id } } }));
        await refresh();
        onRemoved(`Passkey “${passkey.name}” removed: it no longer signs you in.`);
      }}
    >
      <p>
        It no longer signs you in to Postage. Your device may still offer it: remove it there too (in your browser’s or
        phone’s password settings).
      </p>
    </ConfirmButton>
  );
}

/** The section, for whichever page holds the person's sign-in settings. */
export function PasskeySection() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const supported = passkeysSupported();
  const start = () => {
    setNotice(null);
    setAdding(true);
  };
  const addButton = supported && !adding && (
    <button type="button" className="button button-primary" onClick={start}>
      Add a passkey
    </button>
  );
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <div className="card-head">
        <h2 id="passkeys-title">Passkeys</h2>
        {passkeys.data?.passkeys.length ? addButton : null}
      </div>
      <p className="lead passkeys-lead">
        A passkey signs you in by itself, with your fingerprint, face or device PIN, instead of your password and a
        code. It works in every account you belong to.
      </p>
      {!supported && (
        <p className="banner">This browser cannot use passkeys. Your passkeys still work in browsers that can.</p>
      )}
      {adding && (
        <AddPasskey
          onCancel={() => setAdding(false)}
          onAdded={(text) => {
            setAdding(false);
            setNotice(text);
          }}
        />
      )}
      {notice && (
        <p className="banner banner-good" role="status">
          {notice}
        </p>
      )}
      <QueryList
        query={passkeys}
        what="your passkeys"
        rowsOf={(d) => d.passkeys}
        rowKey={(k) => k.id}
        stacked
        empty={
          !adding && (
            <Empty title="No passkeys yet" action={addButton}>
              Add one to sign in without typing your password.
            </Empty>
          )
        }
        columns={[
          { header: 'Name', cell: (k) => <span className="break">{k.name}</span> },
          { header: 'Added', cell: (k) => <Time iso={k.created_at} /> },
          { header: 'Last used', cell: (k) => <Time iso={k.last_used_at} empty="never" /> },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (k) => (
              <div className="row-actions">
                <RenamePasskey passkey={k} onRenamed={setNotice} />
                <RemovePasskey passkey={k} onRemoved={setNotice} />
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

/** Until the account's security page holds it: the section on a page of its own. */
export default function PasskeysPage() {
  return (
    <>
      <PageHeader title="Passkeys" description="How you sign in to Postage, in every account you are a member of." />
      <PasskeySection />
    </>
  );
}
