import type { ReactNode } from 'react';

/** A column's heading; `hidden` keeps it for assistive technology only (a column of buttons). */
export type TableColumn = string | { label: string; hidden: true };

export interface TableProps {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly TableColumn[];
  /** The rows (`<tr>`s). */
  children: ReactNode;
  /**
   * Focusable, so that where the window is narrower than the table the keyboard scrolls it
   * (WCAG 2.1.1). Default true; a table whose every row has a control is reached through them.
   */
  scrollable?: boolean;
  className?: string;
}

/** The one data table: a caption, column headings with their scope, the rows. */
export function Table({ caption, columns, children, scrollable = true, className }: TableProps) {
  return (
    <table className={`table ${className ?? ''}`.trim()} {...(scrollable ? { tabIndex: 0 } : {})}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col">
                <span className="visually-hidden">{column.label}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
