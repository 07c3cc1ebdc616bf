import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ShownError, sendTicket } from '../queries/send-ticket.js';
import { useServices } from '../services/services.js';
import { clearSavedWizard, draftKey, savedDraft, useSavedDraft } from '../wizard/saved-wizard.js';
import { useWizard } from '../wizard/store.js';
import type { StepProps } from '../wizard/components/step-props.js';
import { AttachmentsField } from './AttachmentsField.js';
import { SUBJECT_MAX, texts, truncate } from './limits.js';
import { MessageField, messageRules } from './MessageField.js';
import { SubmitButton } from './SubmitButton.js';
import { SuccessDialog, successTexts } from './SuccessDialog.js';

interface TicketFields {
  subject: string;
  message: string;
}

export const communityHint = 'Most questions about flows, devices and apps are answered fastest by other users on our Community.';

/** The ticket: subject, message and attachments, validated only once the user tries to send (seed 000 §5). */
export function TicketStep({ session, entry, index }: StepProps) {
  const services = useServices();
  const queryClient = useQueryClient();
  const wizard = useWizard();
  const [files, setFiles] = useState<File[]>([]);
  const draft = draftKey(index, entry);
  const { register, handleSubmit, formState, watch } = useForm<TicketFields>({ defaultValues: { subject: '', message: '', ...savedDraft(draft) } });
  useSavedDraft(draft, watch);
  const send = useMutation({
    mutationKey: ['ticket'],
    mutationFn: (fields: TicketFields) => sendTicket(services, queryClient, session, { ...fields, files, wizard: wizard.collected }),
    onSuccess: clearSavedWizard,
  });
  // The steps and the text come back after a reload (saved-wizard.ts), files cannot: with some attached and the
  // ticket not sent, the browser asks before the page is left.
  const unsentFiles = files.length > 0 && !send.isSuccess;
  useEffect(() => {
    if (!unsentFiles) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    globalThis.addEventListener('beforeunload', ask);
    return () => globalThis.removeEventListener('beforeunload', ask);
  }, [unsentFiles]);
  const { errors } = formState;
  return (
    <form className="final-step" noValidate onSubmit={handleSubmit((fields) => send.mutate(fields))}>
      <p className="final-step__expected">{texts.expectedResponse}</p>
      <p className="final-step__hint">{communityHint}</p>
      <div className="field">
        <label htmlFor="ticket-subject">{texts.subjectLabel}</label>
        <input
          id="ticket-subject"
          maxLength={SUBJECT_MAX}
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={errors.subject ? 'ticket-subject-error' : undefined}
          {...register('subject', { setValueAs: (value: string) => truncate(value, SUBJECT_MAX), validate: (value) => value.trim().length >= 1 || texts.subjectMissing })}
        />
        {errors.subject && (
          <p className="field-error" id="ticket-subject-error" role="alert">
            {errors.subject.message}
          </p>
        )}
      </div>
      <MessageField id="ticket-message" field={register('message', messageRules)} error={errors.message} />
      <AttachmentsField files={files} onChange={setFiles} />
      {send.isError && (
        <p className="form-error" role="alert">
          {send.error instanceof ShownError ? send.error.message : texts.ticketFailed}
        </p>
      )}
      <SubmitButton sending={send.isPending} />
      {send.isSuccess && <SuccessDialog body={send.data.confirmationSent ? successTexts.ticket : successTexts.ticketUnconfirmed} onClose={wizard.reset} />}
    </form>
  );
}
