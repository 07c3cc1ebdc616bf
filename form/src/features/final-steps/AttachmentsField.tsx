import { useId, useState, type DragEvent } from 'react';
import { addFiles, removeFile } from './attachments.js';
import { texts } from './limits.js';

/** Attachments by picker or drag and drop, each removable; limits and texts from seed 000 §5. */
export function AttachmentsField({ files, onChange }: { files: readonly File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
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
      <label htmlFor={id}>{texts.attachmentsLabel}</label>
      <input
        id={id}
        type="file"
        multiple
        onChange={(event) => {
          add(event.target.files ?? []);
          event.target.value = '';
        }}
      />
      <p className="attachments__hint">Drop files here or choose them: at most 12 files of 50 MB each.</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="attachments__list" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.name}>
              <span>{file.name}</span>
              <button type="button" className="button button--link" aria-label={`Remove ${file.name}`} onClick={() => onChange(removeFile(files, file.name))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
