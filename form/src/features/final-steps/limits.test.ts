import { SUBJECT_MAX, MESSAGE_MAX, texts, truncate } from './limits.js';

// The limits and fixed texts of seed 000 §9 are asserted where users meet them: the final steps end to end
// (form/e2e/ticket.e2e.test.ts, developer.e2e.test.ts), the attachments and the hub queries' tests.
describe('final step limits and texts', () => {
  it('when text is longer than a limit, then it is cut at the limit and shorter text is kept', () => {
    expect(truncate('x'.repeat(10_001), MESSAGE_MAX)).toHaveLength(10_000);
    expect(truncate('x'.repeat(201), SUBJECT_MAX)).toHaveLength(200);
    expect(truncate('short', SUBJECT_MAX)).toBe('short');
  });

  it('when a message names what failed, then the seed text carries the name', () => {
    expect(texts.uploadFailed('log.txt')).toBe("We've encountered a problem uploading log.txt. Please try again!");
    expect(texts.emailFailed('Not found')).toBe("We've encountered a problem sending the email. Not found.");
  });
});
