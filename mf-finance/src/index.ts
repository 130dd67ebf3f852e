// The async boundary Module Federation needs before shared modules run; a failed load is reported as an unhandled rejection.
void import('./bootstrap');
