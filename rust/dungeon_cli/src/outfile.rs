//! [`OutFile`]: the one way the CLI writes a file (`--out FILE`, every
//! format). Nothing reaches the target until the output is whole: the
//! bytes are held in memory and, past 32 MiB, go on into a temporary file
//! in the target's directory; on success they are written to a temporary
//! file there and renamed over the target. So a run that fails part way (a
//! later seed of `--count` gives up, the disk fills, an error drawing the
//! PNG) leaves an existing file as it was and no partial file behind. The
//! temporary file is removed on every failure path, a panic that unwinds
//! included; only a process killed outright (Ctrl-C, `kill -9`) while one
//! exists (past 32 MiB, or during the final write) can leave one, named
//! `.<name>.dungeon-<pid>-<n>.tmp`.
//!
//! The file replacing an existing one keeps that file's permissions. A
//! symbolic link is followed: the file it points to is replaced, the link
//! stays. A target that exists and is not a regular file (`/dev/null`, a
//! named pipe) cannot be replaced by a rename, so it is written in place,
//! as the bytes come. An existing file in a directory this process may not
//! write to (so no temporary file can go there) is written over from
//! memory once the output is whole. A directory, or a name that ends in
//! `/`, is refused before anything is written.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Temporary files made by this process so far: part of their names.
static MADE: AtomicU32 = AtomicU32::new(0);

/// Tries at a free temporary name before giving up.
const NAME_TRIES: u32 = 100;

/// Bytes kept in memory before a temporary file is made. Most outputs stay
/// below it, so they reach the disk only once whole, and a process killed
/// part way (Ctrl-C) leaves nothing behind.
const SPILL_AT: usize = 32 << 20;

/// A file being written: [`OutFile::commit`] puts it in place; dropped
/// before that, it leaves nothing behind.
pub(crate) struct OutFile {
    sink: Sink,
    /// Bytes held in memory before they go to a temporary file.
    spill_at: usize,
}

enum Sink {
    /// The bytes so far, not on disk yet. `spill`: they go to a temporary
    /// file once there are many; `false` for an existing file that may be
    /// written but whose directory may not (no temporary file can go
    /// there), written over from memory on commit.
    Memory {
        bytes: Vec<u8>,
        target: PathBuf,
        spill: bool,
    },
    /// A temporary file, renamed over `target` on commit.
    Temp {
        file: BufWriter<File>,
        tmp: PathBuf,
        target: PathBuf,
    },
    /// A device or a named pipe, written as the bytes come.
    InPlace(BufWriter<File>),
    /// Committed.
    Done,
}

impl OutFile {
    /// Starts writing `path` (nothing is created yet, unless it is a
    /// special file such as `/dev/null`, opened to be written in place).
    ///
    /// # Errors
    /// `path` is a directory or names none, or its directory does not
    /// exist.
    pub(crate) fn create(path: &Path) -> io::Result<Self> {
        let target = check(path)?;
        let sink = if fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
            // A device or a pipe: nothing to rename over.
            Sink::InPlace(BufWriter::new(
                OpenOptions::new().write(true).open(&target)?,
            ))
        } else {
            Sink::Memory {
                bytes: Vec::new(),
                target,
                spill: true,
            }
        };
        Ok(Self {
            sink,
            spill_at: SPILL_AT,
        })
    }

    /// Moves the bytes held in memory to a temporary file, if they are to
    /// go to one and can.
    fn spill(&mut self) -> io::Result<()> {
        let Sink::Memory {
            bytes,
            target,
            spill: spill @ true,
        } = &mut self.sink
        else {
            return Ok(());
        };
        match create_temp(target) {
            Ok((tmp, file)) => {
                let target = std::mem::take(target);
                let bytes = std::mem::take(bytes);
                let mut file = BufWriter::new(file);
                let written = file.write_all(&bytes);
                // From here on dropping `self` removes `tmp`.
                self.sink = Sink::Temp { file, tmp, target };
                written
            }
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied && writable(target) => {
                *spill = false;
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// Puts the file in place of the target.
    ///
    /// # Errors
    /// Making, writing, syncing or renaming the temporary file failed; it
    /// is gone then and the target untouched.
    pub(crate) fn commit(mut self) -> io::Result<()> {
        self.spill()?;
        match std::mem::replace(&mut self.sink, Sink::Done) {
            Sink::Temp {
                mut file,
                tmp,
                target,
            } => {
                let done = (|| {
                    file.flush()?;
                    let file = file.get_ref();
                    if let Ok(m) = fs::metadata(&target) {
                        file.set_permissions(m.permissions())?;
                    }
                    // A rename over an existing file must not leave it
                    // empty after a crash: the bytes reach the disk first.
                    file.sync_all()?;
                    fs::rename(&tmp, &target)
                })();
                if done.is_err() {
                    let _ = fs::remove_file(&tmp);
                }
                done
            }
            Sink::InPlace(mut file) => file.flush(),
            Sink::Memory { bytes, target, .. } => fs::write(target, bytes),
            Sink::Done => Ok(()),
        }
    }
}

impl Write for OutFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Sink::Memory { bytes: held, .. } = &self.sink
            && held.len().saturating_add(bytes.len()) > self.spill_at
        {
            self.spill()?;
        }
        match &mut self.sink {
            Sink::Temp { file, .. } | Sink::InPlace(file) => file.write(bytes),
            Sink::Memory { bytes: held, .. } => held.write(bytes),
            Sink::Done => Err(io::Error::other("written after commit")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Temp { file, .. } | Sink::InPlace(file) => file.flush(),
            Sink::Memory { .. } | Sink::Done => Ok(()),
        }
    }
}

impl Drop for OutFile {
    fn drop(&mut self) {
        if let Sink::Temp { tmp, .. } = &self.sink {
            // Nothing to report to; the target was never touched.
            let _ = fs::remove_file(tmp);
        }
    }
}

/// Whether `target` is an existing file this process may write (opened
/// without truncating it, so it is not changed).
fn writable(target: &Path) -> bool {
    OpenOptions::new().write(true).open(target).is_ok()
}

/// Checks, before any work, that `path` can be written as
/// [`OutFile::create`] will write it: a temporary file is made next to it
/// and removed at once. The target itself is not touched.
///
/// # Errors
/// As [`OutFile::create`].
pub(crate) fn probe(path: &Path) -> io::Result<()> {
    let target = check(path)?;
    if fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
        // Written in place: opening it may have effects (a named pipe).
        return Ok(());
    }
    match create_temp(&target) {
        Ok((tmp, file)) => {
            drop(file);
            fs::remove_file(tmp)
        }
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied && writable(&target) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Checks that `path` can name an output file, without creating anything:
/// the path to write (a symbolic link followed).
///
/// # Errors
/// `path` is a directory, ends in a separator or `..`, or its directory
/// does not exist.
fn check(path: &Path) -> io::Result<PathBuf> {
    if fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::other("is a directory"));
    }
    let text = path.as_os_str().as_encoded_bytes();
    if text.ends_with(b"/") || (cfg!(windows) && text.ends_with(b"\\")) {
        return Err(io::Error::other(
            "ends in a separator: a directory name, not a file",
        ));
    }
    if path.file_name().is_none() {
        return Err(io::Error::other("names a directory, not a file"));
    }
    let target = if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        // Replace the file the link points to, not the link. A dangling
        // link is written through as before: its target is created.
        fs::canonicalize(path).or_else(|_| dangling_target(path))?
    } else {
        path.to_path_buf()
    };
    let dir = parent(&target);
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(target),
        Ok(_) => Err(io::Error::other(format!(
            "{} is not a directory",
            dir.display()
        ))),
        Err(e) => Err(io::Error::new(
            e.kind(),
            format!("directory {}: {e}", dir.display()),
        )),
    }
}

/// Where a dangling symbolic link at `path` points, relative to its
/// directory.
fn dangling_target(path: &Path) -> io::Result<PathBuf> {
    let to = fs::read_link(path)?;
    Ok(if to.is_absolute() {
        to
    } else {
        parent(path).join(to)
    })
}

/// The directory `path` is in (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A new temporary file next to `target`: `.<name>.dungeon-<pid>-<n>.tmp`.
fn create_temp(target: &Path) -> io::Result<(PathBuf, File)> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::other("names a directory, not a file"))?;
    let dir = parent(target);
    let mut last = io::Error::other("no free temporary file name");
    for _ in 0..NAME_TRIES {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".dungeon-{}-{n}.tmp", std::process::id()));
        let tmp = dir.join(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("dungeon-outfile-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn nothing_is_on_disk_before_commit_and_drop_leaves_the_old_file() {
        let d = dir("commit");
        let p = d.join("k.txt");
        fs::write(&p, "precious\n").unwrap();
        for spill_at in [SPILL_AT, 4] {
            let mut f = OutFile::create(&p).unwrap();
            f.spill_at = spill_at;
            f.write_all(b"partial").unwrap();
            f.flush().unwrap();
            // Held in memory, or past spill_at in a temporary file.
            let on_disk = if spill_at == 4 { 2 } else { 1 };
            assert_eq!(names(&d).len(), on_disk, "{:?}", names(&d));
            drop(f);
            assert_eq!(fs::read_to_string(&p).unwrap(), "precious\n");
            assert_eq!(names(&d), ["k.txt"]);
            let mut f = OutFile::create(&p).unwrap();
            f.spill_at = spill_at;
            f.write_all(b"whole\n").unwrap();
            f.write_all(b"file\n").unwrap();
            f.commit().unwrap();
            assert_eq!(fs::read_to_string(&p).unwrap(), "whole\nfile\n");
            assert_eq!(names(&d), ["k.txt"]);
            fs::write(&p, "precious\n").unwrap();
        }
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_panic_leaves_no_temporary_file() {
        let d = dir("panic");
        let p = d.join("k.txt");
        let r = std::panic::catch_unwind(|| {
            let mut f = OutFile::create(&p).unwrap();
            f.spill_at = 4;
            f.write_all(b"partial").unwrap();
            assert_eq!(names(&d).len(), 1);
            panic!("mid-write");
        });
        assert!(r.is_err());
        assert!(names(&d).is_empty(), "{:?}", names(&d));
        fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_permissions_kept() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("link");
        let real = d.join("real.txt");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = d.join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        let mut f = OutFile::create(&link).unwrap();
        f.write_all(b"new").unwrap();
        f.commit().unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(names(&d), ["link.txt", "real.txt"]);
        fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn dev_null_is_written_in_place() {
        let mut f = OutFile::create(Path::new("/dev/null")).unwrap();
        f.write_all(b"gone").unwrap();
        f.commit().unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
    }

    #[test]
    fn directories_are_refused_up_front() {
        let d = dir("dirs");
        for p in [
            d.clone(),
            d.join("new/"),
            d.join("no/such/dir/k.txt"),
            d.join(".."),
        ] {
            assert!(OutFile::create(&p).is_err(), "{}", p.display());
        }
        assert!(names(&d).is_empty());
        fs::remove_dir_all(&d).unwrap();
    }
}
