//! The `mosaic` command.

use clap::Parser;
use clap::error::ErrorKind;

fn main() {
    let cli = match mosaic::cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            // clap's message up to its usage block names the problem; fold it onto one line.
            let msg = e.render().to_string();
            let words: Vec<&str> = msg
                .lines()
                .take_while(|l| !l.trim().is_empty() && !l.starts_with("Usage:"))
                .flat_map(str::split_whitespace)
                .collect();
            let line = words.join(" ");
            eprintln!("mosaic: {}", line.trim_start_matches("error: "));
            std::process::exit(2);
        }
    };
    match mosaic::cli::run(cli) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("mosaic: {}", e.message);
            std::process::exit(e.code);
        }
    }
}
