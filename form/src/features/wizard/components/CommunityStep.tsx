import { links } from '../../../config.js';

export const communityTexts = {
  text: 'Our support team focuses on general support of the platform and cannot help with custom use-cases, such as a flow of your own or a device that is not officially supported. Thousands of users share their experience on our community forum: ask your question there.',
  button: 'Visit the Community',
};

/** The ask-the-community step, also shown inside the knowledge base step in some branches. */
export function CommunityStep() {
  return (
    <div className="community">
      <p>{communityTexts.text}</p>
      <a className="button button--primary" href={links.community} target="_blank" rel="noreferrer">
        {communityTexts.button}
      </a>
    </div>
  );
}
