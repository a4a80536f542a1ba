package io.albis.cli;

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
}
