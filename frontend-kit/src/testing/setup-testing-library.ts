import { configure } from '@testing-library/react';

// findBy… and waitFor wait for their condition up to this long (the default, 1 s, is short on a busy machine).
configure({ asyncUtilTimeout: 15_000 });
