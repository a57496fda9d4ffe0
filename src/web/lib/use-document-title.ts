import { useEffect } from 'react';

/** The tab's title after a move inside the app (a full page load gets the server's). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
