// The app-wide stylesheets (tokens, layout, controls); screens add their own next to their components.
import './base.css';
import './layout.css';
import './app-header.css';
import './controls.css';
import './surfaces.css';
