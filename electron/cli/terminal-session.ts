/** What `serve --confirm-at-terminal` asks with, in one module that `serve` imports only with that flag. */
export { confirm } from './prompt';
export { answerAsksAtTerminal, questionAtATime } from './terminal-asks';
export { confirmAtTerminal } from './terminal-confirmations';
