import { html, type KnowledgeArticle } from './article.js';

/** My Orders and My Subscriptions, and contacting app developers. */
export const shopArticles: KnowledgeArticle[] = [
  {
    id: 360050000501,
    section: 'Orders',
    name: 'Tracking your order',
    body: html(
      'Once your order ships we e-mail a tracking link. Orders placed before 14:00 on a working day usually ship the same day; delivery within Europe takes 1–4 working days.',
    ),
  },
  {
    id: 360050000502,
    section: 'Orders',
    name: 'Changing or cancelling an order',
    body: html(
      'An order can be changed or cancelled until it ships: send a ticket with the order number as soon as possible. After shipping, return it within 14 days of delivery instead.',
    ),
  },
  {
    id: 360050000503,
    section: 'Orders',
    name: 'Invoices',
    body: html('The invoice is attached to the shipping e-mail. For a business invoice with your VAT number, send a ticket with the order number and the company details.'),
  },
  {
    id: 360050000504,
    section: 'Orders',
    name: "Your order isn't listed",
    body: html(
      'Only orders from our own web shop with the e-mail address of this account are listed. Bought from a reseller or an online marketplace? They handle the order and the return; the warranty is the same.',
    ),
  },
  {
    id: 360050000601,
    section: 'Subscriptions',
    name: 'The Pro backups subscription',
    body: html(
      'The backups subscription keeps nightly backups of one Pro hub in the cloud. It renews every month or year; cancel any time and it runs until the end of the period.',
    ),
  },
  {
    id: 360050000602,
    section: 'Subscriptions',
    name: 'The Premium subscription',
    body: html(
      'Premium adds features for every hub of your account, such as longer insights history and more dashboards. It is billed by the app store you subscribed through, or by us when you subscribed on the website.',
    ),
  },
  {
    id: 360050000603,
    section: 'Subscriptions',
    name: 'Managing or cancelling a subscription',
    body: html(
      '- Subscribed in the iPhone app: Settings → your name → Subscriptions.\n- Subscribed in the Android app: Google Play → Payments & subscriptions.\n- Subscribed on our website: your account page → Subscriptions.',
    ),
  },
  {
    id: 360050000604,
    section: 'Subscriptions',
    name: "Your subscription isn't listed",
    body: html(
      'Subscriptions are linked to the account that bought them. Check that you are signed in with that account; a purchase in the app store appears after you choose <strong>Restore purchases</strong> in the app.',
    ),
  },
  {
    id: 360050000701,
    section: 'Apps',
    name: 'Who supports an app?',
    body: html(
      'Most apps are made by other companies and community developers, who support them themselves: the app page shows how to reach them. Apps of our partners are supported by us.',
      'A verified developer\'s identity was checked by us; community apps are not official apps of the brand.',
    ),
  },
  {
    id: 360050000702,
    section: 'Apps',
    name: 'Reporting a problem with an app',
    body: html(
      'Describe what you did, what you expected and what happened instead, and include the app version. A diagnostic report from the hub gives the developer the app\'s log.',
    ),
  },
];
