import { supportChannelOf } from './support-channel.js';

const build = (support: string | null, bugs: string | null, topic: number | null) => ({ support, bugs: bugs ? { url: bugs } : null, homeyCommunityTopicId: topic });

describe('support channel', () => {
  it('when the support link is an e-mail address, then the developer is reached by e-mail before any other way', () => {
    expect(supportChannelOf(build('mailto:qa@example.com', 'https://bugs.example', 3))).toEqual({ kind: 'email', address: 'qa@example.com' });
  });

  it('when the support link is a website, then that website is the way', () => {
    expect(supportChannelOf(build('https://help.example', null, null))).toEqual({ kind: 'website', url: 'https://help.example' });
  });

  it('when there is no support link, then the bugs website, else the community topic, else none', () => {
    expect(supportChannelOf(build(null, 'https://bugs.example', 3))).toEqual({ kind: 'bugs', url: 'https://bugs.example' });
    expect(supportChannelOf(build(null, null, 10452))).toEqual({ kind: 'topic', id: 10452 });
    expect(supportChannelOf(build(null, null, null))).toEqual({ kind: 'none' });
    expect(supportChannelOf(null)).toEqual({ kind: 'none' });
  });
});
