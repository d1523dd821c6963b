// The second factor a person types: the six digits their authenticator app shows now or, a click
// away, one of their recovery codes. The sign-in's second step and the two-factor settings (turning
// it off, new recovery codes) ask for it alike.
import { useEffect, useRef, useState, type Ref } from 'react';
import type { SecondFactor } from '../api';
import { Field } from './forms';

type FactorKind = 'code' | 'recovery_code';

export interface SecondFactorInput {
  kind: FactorKind;
  value: string;
  setValue: (value: string) => void;
  /** From the app's code to a recovery code and back; what was typed is dropped. */
  switchKind: () => void;
  /** The request body: `{code}` or `{recovery_code}`. */
  body: SecondFactor;
}

export function useSecondFactor(): SecondFactorInput {
  const [kind, setKind] = useState<FactorKind>('code');
  const [value, setValue] = useState('');
  return {
    kind,
    value,
    setValue,
    switchKind: () => {
      setKind((k) => (k === 'code' ? 'recovery_code' : 'code'));
      setValue('');
    },
    body: kind === 'code' ? { code: value } : { recovery_code: value.trim() },
  };
}

/** The six digits of an authenticator app: a numeric keyboard on phones, and the code the phone offers. */
export function CodeField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (code: string) => void;
  error: unknown;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label="Authentication code" name="code" error={error} hint="The 6 digits your authenticator app shows now.">
      {(p) => (
        <input
          {...p}
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          required
          className="code-digits"
          value={value}
          // Apps show "123 456": what is pasted keeps its digits only.
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      )}
    </Field>
  );
}

/** The field for the current kind, and the button that switches kinds (focus follows to the new field). */
export function SecondFactorField({ factor, error }: { factor: SecondFactorInput; error: unknown }) {
  const input = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) input.current?.focus();
  }, [factor.kind]);
  const switchKind = () => {
    switched.current = true;
    factor.switchKind();
  };
  return (
    <>
      {factor.kind === 'code' ? (
        <CodeField key="code" value={factor.value} onChange={factor.setValue} error={error} inputRef={input} />
      ) : (
        <Field
          key="recovery_code"
          label="Recovery code"
          name="recovery_code"
          error={error}
          hint="One of the ten codes you saved when you turned on two-factor sign-in. Each works once."
        >
          {(p) => (
            <input
              {...p}
              ref={input}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={100}
              value={factor.value}
              onChange={(e) => factor.setValue(e.target.value)}
            />
          )}
        </Field>
      )}
      <p className="factor-switch">
        <button type="button" className="link-button" onClick={switchKind}>
          {factor.kind === 'code' ? 'Use a recovery code instead' : 'Use the code from your app instead'}
        </button>
      </p>
    </>
  );
}
