import './entry-styles';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot, startConsole } from './console-root';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The session (and on /users the list) requested before the first render, in parallel with it.
startConsole();
createRoot(root).render(<ConsoleRoot />);
