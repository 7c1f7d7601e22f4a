// Async boundary: shared singletons are negotiated with the host (or this dev page) before bootstrap runs.
void import('./bootstrap');
