// Drag-and-drop reordering of a listing's images (dnd-kit): by pointer, by touch (press and hold)
// and by keyboard (Space to lift, arrows to move, Space to drop), with announcements in the admin's language. The
// move buttons stay for anyone who prefers them. Loaded with the listing form's chunk only.
import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { fill, useT } from '../../lib/i18n.ts';
import { Icon } from '../../components/icons.tsx';

type Props = { ids: string[]; onReorder: (from: number, to: number) => void; children: ReactNode; label: string };

const position = (ids: string[], id: string | number) => ids.indexOf(String(id)) + 1;

export function SortableImages({ ids, onReorder, children, label }: Props) {
  const t = useT().listingMedia;
  const sensors = useSensors(
    // A short move before a drag starts, so the tile's buttons still take plain clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => fill(t.pickedUp, { n: position(ids, active.id) }),
    // Not over itself: that would replace the pick-up message at once.
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? fill(t.movedTo, { n: position(ids, over.id) }) : undefined),
    onDragEnd: ({ over }) => (over ? fill(t.dropped, { n: position(ids, over.id) }) : t.droppedNowhere),
    onDragCancel: () => t.dragCancelled,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t.dragInstructions },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ol className="image-grid" aria-label={label}>
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** One image tile; its handle is the drag's only starting point (keyboard and pointer alike). */
export function SortableTile({ id, handleLabel, children }: { id: string; handleLabel: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={`image-tile${isDragging ? ' image-tile-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="icon-btn drag-handle"
        aria-label={handleLabel}
        {...attributes}
        {...listeners}
      >
        <Icon name="grip" />
      </button>
      {children}
    </li>
  );
}

export const reorder = arrayMove;
