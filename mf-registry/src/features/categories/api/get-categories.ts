import { useQuery } from '@tanstack/react-query';
import type { ErrorTextOptions } from 'shared-api';
import { referenceOptionsQuery } from '../../references/api/reference-options';

/** The categories table reads GET /user/category through the DataTable under this key. */
export const CATEGORIES_PATH = '/user/category';
export const CATEGORIES_QUERY_KEY = 'categories';

/** GET /user/category?limit=300 for the category selector of the user form. */
export const categoryOptionsQuery = () => referenceOptionsQuery(CATEGORIES_QUERY_KEY, CATEGORIES_PATH);

export const useCategoryOptions = () => useQuery(categoryOptionsQuery());

/** A name already taken, or a category still given to users: the server's reason tells staff what to change. */
export const CATEGORY_CONFLICTS: ErrorTextOptions = { own: ['CATEGORY_NAME_TAKEN', 'CATEGORY_IN_USE', 'REFERENCED'] };
