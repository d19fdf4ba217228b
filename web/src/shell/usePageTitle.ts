import { useEffect } from 'react';

export const PRODUCT_NAME = 'Tertulia';

export const pageTitle = (page: string) => `${PRODUCT_NAME} - ${page}`;

/** Sets the document title to 'Tertulia - {page}' (spec 1, Shell). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
