import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { MESSAGE_MAX, MESSAGE_MIN, texts, truncate } from './limits.js';

/** Seed 000 §5's rules of a message: truncated to its maximum, at least its minimum. */
export const messageRules = {
  setValueAs: (value: string) => truncate(value, MESSAGE_MAX),
  validate: (value: string) => value.trim().length >= MESSAGE_MIN || texts.messageTooShort,
};

/** The message box of a final step (`field`: its registration with messageRules), its error once shown. */
export function MessageField({ id, field, error }: { id: string; field: UseFormRegisterReturn<'message'>; error?: FieldError }) {
  return (
    <div className="field">
      <label htmlFor={id}>{texts.messageLabel}</label>
      <textarea
        id={id}
        rows={8}
        maxLength={MESSAGE_MAX}
        placeholder={texts.messagePlaceholder}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
