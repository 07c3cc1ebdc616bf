import { links } from '../../../config.js';
import { buildOf, nameOf, useApp } from '../../queries/app-query.js';
import { useWizard } from '../store.js';
import { developerTexts, supportChannelOf } from '../support-channel.js';
import { ArticleList } from './ArticleList.js';
import type { StepProps } from './step-props.js';

/** Articles, whether the app's developer is verified, and the way the developer takes questions. */
export function ContactDeveloperStep({ entry, index }: StepProps) {
  const wizard = useWizard();
  const app = useApp(wizard.collected.data.appId);
  const build = buildOf(app);
  const name = build ? nameOf(build) : (entry.choice?.label ?? wizard.collected.path.at(-1) ?? 'This app');
  const channel = supportChannelOf(build);
  const isCurrent = entry === wizard.entries.at(-1);
  return (
    <>
      <ArticleList />
      {app && <p className="developer__status">{app.author.verified ? developerTexts.verified(name) : developerTexts.community(name)}</p>}
      <div className="developer__contact">
        {channel.kind === 'website' && (
          <a className="button button--primary" href={channel.url} target="_blank" rel="noreferrer">
            {developerTexts.website}
          </a>
        )}
        {channel.kind === 'email' && isCurrent && (
          <button type="button" className="button button--primary" onClick={() => wizard.advance(index)}>
            {developerTexts.email}
          </button>
        )}
        {channel.kind === 'bugs' && (
          <a className="button button--primary" href={channel.url} target="_blank" rel="noreferrer">
            {developerTexts.bugs}
          </a>
        )}
        {channel.kind === 'topic' && (
          <a className="button button--primary" href={links.communityTopic(channel.id)} target="_blank" rel="noreferrer">
            {developerTexts.topic(channel.id)}
          </a>
        )}
        {channel.kind === 'none' && (
          <>
            <p>{developerTexts.none(name)}</p>
            <a className="button" href={links.community} target="_blank" rel="noreferrer">
              {developerTexts.forum}
            </a>
          </>
        )}
      </div>
    </>
  );
}
