import { useArticles } from '../../queries/article-query.js';
import { useWizard } from '../store.js';

/** The chosen branch's help-centre articles, each opening in a new tab. */
export function ArticleList() {
  const articles = useArticles(useWizard().collected.articles);
  return (
    <ul className="articles" aria-busy={articles.loading}>
      {articles.loaded.map((article) => (
        <li key={article.id}>
          <a href={article.html_url} target="_blank" rel="noreferrer">
            {article.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
