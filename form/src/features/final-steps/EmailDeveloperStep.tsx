import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { links } from '../../config.js';
import { buildOf, useApp } from '../queries/app-query.js';
import { EmailFailure, emailDeveloper } from '../queries/email-developer.js';
import { clearSavedWizard, draftKey, savedDraft, useSavedDraft } from '../wizard/saved-wizard.js';
import { useWizard } from '../wizard/store.js';
import { supportChannelOf } from '../wizard/support-channel.js';
import type { StepProps } from '../wizard/components/step-props.js';
import { texts } from './limits.js';
import { MessageField, messageRules } from './MessageField.js';
import { SubmitButton } from './SubmitButton.js';
import { SuccessDialog, successTexts } from './SuccessDialog.js';

/** The e-mail to an app's developer, sent by the hub with the app's diagnostic report. */
export function EmailDeveloperStep({ session, entry, index }: StepProps) {
  const queryClient = useQueryClient();
  const wizard = useWizard();
  const { hubId, appId } = wizard.collected.data;
  const channel = supportChannelOf(buildOf(useApp(appId)));
  const draft = draftKey(index, entry);
  const { register, handleSubmit, formState, watch } = useForm<{ message: string }>({ defaultValues: { message: '', ...savedDraft(draft) } });
  useSavedDraft(draft, watch);
  const send = useMutation({
    mutationKey: ['developer-email'],
    mutationFn: ({ message }: { message: string }) => emailDeveloper(queryClient, session, hubId ?? '', appId ?? '', message),
    onSuccess: clearSavedWizard,
  });
  const error = send.error;
  const { errors } = formState;
  return (
    <form className="final-step" noValidate onSubmit={handleSubmit((fields) => send.mutate(fields))}>
      <MessageField id="developer-message" field={register('message', messageRules)} error={errors.message} />
      {error && (
        <div className="form-error" role="alert">
          <p>{error.message}</p>
          {error instanceof EmailFailure && !error.offline && (
            <p>
              {texts.emailFallback.replace(/here\.$/, '')}
              <a href={channel.kind === 'email' ? `mailto:${channel.address}` : links.community}>here</a>.
            </p>
          )}
        </div>
      )}
      <SubmitButton sending={send.isPending} />
      {send.isSuccess && <SuccessDialog body={successTexts.developer} onClose={wizard.reset} />}
    </form>
  );
}
