/** Seed 000 §5 and §9: the final steps' rules and their exact texts. */
export const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 10_000;
export const SUBJECT_MAX = 200;
export const MAX_ATTACHMENTS = 12;
export const MAX_FILE_BYTES = 50_000_000;
export const DIAGNOSTIC_LOG_TIMEOUT = 30_000;

export const texts = {
  messageLabel: "What's your question? (required)",
  messagePlaceholder: 'Describe your question in as much detail as possible: what you did, what you expected and what happened instead.',
  messageTooShort: 'A minimum of 20 characters is required to describe your issue.',
  subjectLabel: 'Subject (required)',
  subjectMissing: 'Please add a subject.',
  attachmentsLabel: 'Attachments',
  tooManyFiles: 'Maximum number of attachments reached. Cannot add more than 12 files.',
  fileTooLarge: 'File exceeds the maximum file size of 50MB and could not be added.',
  expectedResponse: 'Expected response time: 1-2 weeks',
  send: 'Send',
  sending: 'Sending...',
  uploadFailed: (file: string) => `We've encountered a problem uploading ${file}. Please try again!`,
  ticketFailed: "We've encountered a problem sending your message. Please try again.",
  hubOffline:
    'Unfortunately, we were unable to generate a diagnostic report of the app to send with the email because your hub appears to be offline.',
  emailFailed: (reason: string) => `We've encountered a problem sending the email. ${reason}.`,
  emailFallback: 'Please try again or feel free to send an email to the developer here.',
  reportFailed: "Couldn't generate report",
  underVoltageFailed: "Couldn't get under voltage ratio",
};

/** Text typed or pasted beyond a limit is cut off rather than refused. */
export const truncate = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
