// A file picker that also takes files dropped on it; keyboard users get the real <input type=file>.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { Icon } from './icons.tsx';

type Props = {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  hint?: ReactNode;
  disabled?: boolean;
};

export function FileDrop({ label, accept, multiple = true, onFiles, hint, disabled }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const t = useT().uploads;
  const [over, setOver] = useState(false);
  return (
    <div
      className={`file-drop${over ? ' file-drop-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (disabled) return;
        const files = [...e.dataTransfer.files];
        if (files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <Icon name="upload" size={24} />
      <label htmlFor={id}>{label}</label>
      <p className="file-drop-text">{t.dropHere}</p>
      {/* The styled button only forwards the click: the real input (visually hidden, still focusable
          and named by the label) is what keyboards and assistive technologies use. */}
      <span className="btn btn-small" aria-hidden="true" onClick={() => !disabled && input.current?.click()}>
        {multiple ? t.chooseFiles : t.chooseFile}
      </span>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <input
        ref={input}
        id={id}
        className="file-drop-input"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length) onFiles(files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
