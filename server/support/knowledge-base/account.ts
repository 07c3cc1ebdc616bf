import { html, type KnowledgeArticle } from './article.js';

/** My Account: general (name and e-mail, picture, deleting) and security (password, two-step verification). */
export const accountArticles: KnowledgeArticle[] = [
  {
    id: 360010000101,
    section: 'Account',
    name: 'Changing your name or e-mail address',
    body: html(
      'Open the account page in the web app or the mobile app (<strong>More → Account</strong>) and choose <strong>Edit profile</strong>.',
      'A new e-mail address is used for signing in from then on; we send a confirmation to the new address, and your hubs, apps and subscriptions stay with your account.',
      'If the address is already used by another account, sign in to that account and remove or rename it first.',
    ),
  },
  {
    id: 360010000102,
    section: 'Account',
    name: 'Changing your profile picture',
    body: html(
      'In the mobile app, open <strong>More → Account</strong> and tap your picture; in the web app, click your picture on the account page.',
      'Pictures may be JPEG, PNG or GIF files of at most 2 MB. A square picture of at least 256 × 256 pixels looks best. It may take a minute before other family members see the new picture.',
    ),
  },
  {
    id: 360010000103,
    section: 'Account',
    name: 'Deleting your account',
    body: html(
      'Deleting your account removes your profile, your hub records and your access to shared hubs. It cannot be undone.',
      '- First transfer ownership of any hub you want to keep for your family (<strong>Settings → Family</strong>), or reset the hub.\n- Cancel running subscriptions: they are not refunded when the account goes.\n- Then choose <strong>Delete account</strong> on the account page and confirm with your password.',
    ),
  },
  {
    id: 360010000104,
    section: 'Account',
    name: 'Resetting a forgotten password',
    body: html(
      'On the sign-in page, choose <strong>Forgot password?</strong> and enter the e-mail address of your account. We send a link that is valid for one hour.',
      'No e-mail? Check your spam folder, and make sure you use the address you signed up with. Signing in with a password manager? Update the stored password after resetting it.',
    ),
  },
  {
    id: 360010000105,
    section: 'Account',
    name: 'Choosing a strong password',
    body: html(
      'Use at least 12 characters, never a password you use elsewhere. A passphrase of four random words is long and easy to remember.',
      'Changing your password signs out other sessions, except apps you connected with your account: review those under <strong>Account → Connected apps</strong>.',
    ),
  },
  {
    id: 360010000106,
    section: 'Account',
    name: 'Two-step verification',
    body: html(
      'Two-step verification asks for a code from an authenticator app after your password. Turn it on under <strong>Account → Security</strong> and scan the QR code with the authenticator app.',
      'Store the recovery codes shown once in a safe place: they are the only way in when you lose your phone. Lost both? Contact support from an e-mail address of the account, with the serial number of your hub.',
    ),
  },
  {
    id: 360010000107,
    section: 'Account',
    name: "Can't sign in?",
    body: html(
      '- Check the e-mail address for typos; accounts are per address.\n- Reset your password if you are not sure of it.\n- Signed up with Apple or Google? Use that button instead of a password.\n- Too many attempts make us pause sign-ins for a few seconds: wait and try again.',
    ),
  },
];
