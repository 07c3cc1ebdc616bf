import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { addFiles, fileSize, removeFile } from './attachments.js';
import { MAX_ATTACHMENTS, texts } from './limits.js';

export const attachmentTexts = {
  choose: 'Choose files',
  hint: 'Drop files here or choose them: at most 12 files of 50 MB each.',
  listLabel: 'Attached files',
};

/**
 * Attachments by picker or drag and drop, each listed with its size and removable; limits and texts from seed 000
 * §5. The browser's own file input stays in the page for assistive technology (named "Attachments") but out of
 * sight and out of the tab order: the "Choose files" button opens it.
 */
export function AttachmentsField({ files, onChange }: { files: readonly File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The place of a file just removed: once it is gone from the list, the focus goes to the Remove button of the next
  // file (now in its place), or to the picker when it was the last, never to the page's body.
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[index] ?? picker.current)?.focus();
  }, [files]);
  const add = (incoming: Iterable<File>) => {
    const result = addFiles(files, incoming);
    setError(result.error);
    onChange(result.files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  return (
    <div
      className={`attachments${dragging ? ' attachments--dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={`${id}-input`} className="attachments__label">
        {texts.attachmentsLabel}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        multiple
        tabIndex={-1}
        onChange={(event) => {
          add(event.target.files ?? []);
          event.target.value = '';
        }}
      />
      <div className="attachments__picker">
        <button ref={picker} type="button" className="button" aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
          {attachmentTexts.choose}
        </button>
        <span className="attachments__count" aria-live="polite">
          {files.length} of {MAX_ATTACHMENTS} files
        </span>
      </div>
      <p className="attachments__hint" id={`${id}-hint`}>
        {attachmentTexts.hint}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul ref={list} className="attachments__list" aria-label={attachmentTexts.listLabel}>
          {files.map((file, index) => (
            <li key={file.name}>
              <span className="attachments__name">{file.name}</span>
              <small className="attachments__size">{fileSize(file.size)}</small>
              <button type="button" className="button button--link" aria-label={`Remove ${file.name}`} onClick={() => {
                  removedAt.current = index;
                  onChange(removeFile(files, file.name));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
