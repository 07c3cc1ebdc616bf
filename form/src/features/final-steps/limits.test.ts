import { DIAGNOSTIC_LOG_TIMEOUT, MAX_ATTACHMENTS, MAX_FILE_BYTES, MESSAGE_MAX, MESSAGE_MIN, SUBJECT_MAX, texts, truncate } from './limits.js';

describe('final step limits and texts', () => {
  it('when the constants are read, then they are those of seed 000 §9', () => {
    expect({ MESSAGE_MIN, MESSAGE_MAX, SUBJECT_MAX, MAX_ATTACHMENTS, MAX_FILE_BYTES, DIAGNOSTIC_LOG_TIMEOUT }).toEqual({
      MESSAGE_MIN: 20,
      MESSAGE_MAX: 10_000,
      SUBJECT_MAX: 200,
      MAX_ATTACHMENTS: 12,
      MAX_FILE_BYTES: 50_000_000,
      DIAGNOSTIC_LOG_TIMEOUT: 30_000,
    });
  });

  it('when text is longer than a limit, then it is cut at the limit and shorter text is kept', () => {
    expect(truncate('x'.repeat(10_001), MESSAGE_MAX)).toHaveLength(10_000);
    expect(truncate('x'.repeat(201), SUBJECT_MAX)).toHaveLength(200);
    expect(truncate('short', SUBJECT_MAX)).toBe('short');
  });

  it('when the messages are read, then they are the seed texts word for word', () => {
    expect(texts.messageLabel).toBe("What's your question? (required)");
    expect(texts.messageTooShort).toBe('A minimum of 20 characters is required to describe your issue.');
    expect(texts.subjectMissing).toBe('Please add a subject.');
    expect(texts.expectedResponse).toBe('Expected response time: 1-2 weeks');
    expect(texts.sending).toBe('Sending...');
    expect(texts.uploadFailed('log.txt')).toBe("We've encountered a problem uploading log.txt. Please try again!");
    expect(texts.ticketFailed).toBe("We've encountered a problem sending your message. Please try again.");
    expect(texts.emailFailed('Not found')).toBe("We've encountered a problem sending the email. Not found.");
    expect(texts.emailFallback).toBe('Please try again or feel free to send an email to the developer here.');
    expect(texts.underVoltageFailed).toBe("Couldn't get under voltage ratio");
  });
});
