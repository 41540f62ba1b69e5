import type { ReactNode } from 'react';

/* One tab of /profile: its heading, then the fan's records as a table (a caption for screen
   readers, column headers), or an empty state that says what to do next. */
export function RecordsTab({
  title,
  caption,
  columns,
  empty,
  rows,
}: {
  title: string;
  caption: string;
  columns: string[];
  empty: ReactNode;
  rows: ReactNode[];
}) {
  return (
    <section aria-labelledby="tab-heading">
      <h2 id="tab-heading">{title}</h2>
      {rows.length === 0 ? (
        <div className="empty-state">{empty}</div>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
