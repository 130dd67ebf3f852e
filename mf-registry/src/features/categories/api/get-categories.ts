import { useQuery } from '@tanstack/react-query';
import { referenceOptionsQuery } from '../../references/api/reference-options';

/** The categories table reads GET /user/category through the DataTable under this key. */
export const CATEGORIES_PATH = '/user/category';
export const CATEGORIES_QUERY_KEY = 'categories';

/** GET /user/category?limit=300 for the category selector of the user form. */
export const categoryOptionsQuery = () => referenceOptionsQuery(CATEGORIES_QUERY_KEY, CATEGORIES_PATH);

export const useCategoryOptions = () => useQuery(categoryOptionsQuery());
