package io.albis.cli;

import io.albis.convert.ProgressListener;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/** Progress bars on stderr, only when a person is watching a terminal. */
final class Progress {
    private Progress() {}

    /** A bar counting rows with an unknown total (give one later with maxHint), or null without a terminal. */
    static ProgressBar rowsBar(String task) {
        if (System.console() == null) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName(task).setInitialMax(-1).setUnit(" rows", 1).showSpeed()
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }

    /** What a conversion tells about rows converted, shown on {@code bar}; nothing without one. */
    static ProgressListener listener(ProgressBar bar) {
        if (bar == null) {
            return ProgressListener.NONE;
        }
        return (done, total) -> {
            if (total > 0) {
                bar.maxHint(total);
            }
            bar.stepTo(done);
        };
    }
}
