import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { lessonSession } from './lessons/lessonStore';
import { installDebugHook } from './debugHook';
import './styles.css';

// A lesson link opens its step (view and settings) before the first paint.
lessonSession.start();
installDebugHook(window);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
