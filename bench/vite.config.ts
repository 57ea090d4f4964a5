import { mergeConfig } from 'vite';
import base from '../vite.config.ts';

/** The app plus the bench page (baselines measured in the same browser run), into .bench/dist. */
export default mergeConfig(base, {
  build: {
    outDir: '.bench/dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: {
        app: 'index.html',
        bench: 'bench/page/bench.html',
        photoIntake: 'bench/page/photoIntake.html',
        publish: 'bench/page/publish.html',
      },
    },
  },
});
