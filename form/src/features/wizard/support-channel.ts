/** How an app's developer takes questions (seed 000 §2 step 8), from the fields of its build in the apps service. */
export type SupportChannel =
  | { kind: 'website'; url: string }
  | { kind: 'email'; address: string }
  | { kind: 'bugs'; url: string }
  | { kind: 'topic'; id: number }
  | { kind: 'none' };

export function supportChannelOf(build: { support: string | null; bugs: { url: string } | null; homeyCommunityTopicId: number | null } | null): SupportChannel {
  const support = build?.support;
  if (support?.startsWith('mailto:')) return { kind: 'email', address: decodeURIComponent(support.slice('mailto:'.length)) };
  if (support) return { kind: 'website', url: support };
  if (build?.bugs) return { kind: 'bugs', url: build.bugs.url };
  if (build?.homeyCommunityTopicId) return { kind: 'topic', id: build.homeyCommunityTopicId };
  return { kind: 'none' };
}

export const developerTexts = {
  verified: (app: string) => `${app} was created by a verified developer.`,
  community: (app: string) => `${app} was created by a community developer and is not an official app.`,
  website: "Visit the Developer's Support Website",
  email: 'Send an E-mail',
  bugs: 'Report an Issue',
  topic: (id: number) => `Visit topic #${id} on the Community`,
  none: (app: string) => `The developer of ${app} has not shared a way to reach them, so you are unable to contact them for questions or requests. You can ask other users on the Community.`,
  forum: 'Visit the Community',
};
