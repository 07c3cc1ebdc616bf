import { useHubOutOfDate } from '../../queries/hub-updates-query.js';
import { steps } from '../tree.js';
import { useWizard } from '../store.js';
import { groupsOf, type TileView } from '../walker.js';
import type { StepProps } from './step-props.js';
import { useChosenHub } from './use-tree-context.js';

export const outOfDateTexts = {
  title: 'Pro software is out of date.',
  hint: 'Updating your hub to the newest software may already resolve your issue.',
};

function OutOfDateBanner() {
  return (
    <div className="banner banner--warning" role="alert">
      <strong>{outOfDateTexts.title}</strong> {outOfDateTexts.hint}
    </div>
  );
}

function Tile({ tile, selected, onChoose }: { tile: TileView; selected: boolean; onChoose: () => void }) {
  if (tile.placeholder || !tile.choice) return <li className="tile tile--placeholder" aria-hidden="true" />;
  return (
    <li className="tile-slot">
      <button type="button" className="tile" aria-pressed={selected} onClick={onChoose} style={tile.color ? { borderTopColor: tile.color } : undefined}>
        {tile.image && <img className="tile__image" src={tile.image} alt="" width={40} height={40} />}
        <span className="tile__title">{tile.title}</span>
        {tile.subtitle && <span className="tile__subtitle">{tile.subtitle}</span>}
      </button>
    </li>
  );
}

/** A choosing step: its tile groups (horizontal sliders on narrow or touch screens, see index.css). */
export function TileStep({ entry, index, context, session }: StepProps) {
  const wizard = useWizard();
  const { hub } = useChosenHub(session);
  const outOfDate = useHubOutOfDate(steps[entry.step].warnsWhenOutOfDate ? hub : undefined);
  return (
    <>
      {outOfDate && <OutOfDateBanner />}
      {groupsOf(entry.step, context).map((group) => (
        <section className="tile-group" key={group.title} aria-label={group.title}>
          <h3 className="tile-group__title">{group.title}</h3>
          <ul className="tile-group__tiles">
            {group.tiles.map((tile) => (
              <Tile
                key={tile.key}
                tile={tile}
                selected={entry.choice?.value === tile.choice?.value && entry.choice?.label === tile.choice?.label}
                onChoose={() => wizard.choose(index, tile.choice!)}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
