import { createContext, useContext } from 'react';

// The nonce only matters in the server-rendered HTML; in the browser it is an empty string.
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
