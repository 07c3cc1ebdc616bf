/** One help-centre article as shipped: its id is stable (the form's decision tree names it), its body HTML. */
export interface KnowledgeArticle {
  id: number;
  section: string;
  name: string;
  body: string;
}

/** A paragraph per string; a string starting with '- ' lines becomes a list. */
export function html(...blocks: string[]): string {
  return blocks
    .map((block) =>
      block.startsWith('- ')
        ? `<ul>${block.split('\n').map((line) => `<li>${line.replace(/^- /, '')}</li>`).join('')}</ul>`
        : `<p>${block}</p>`,
    )
    .join('');
}
